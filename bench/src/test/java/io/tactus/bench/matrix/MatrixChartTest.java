package io.tactus.bench.matrix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

class MatrixChartTest {

    @Test
    void shouldWriteAPngOf1200By600(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("matrix.png");
        MatrixChart.write(MatrixRows.sample(), 1333.3, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "matrix.png decodes");
        assertEquals(1200, image.getWidth());
        assertEquals(600, image.getHeight());
    }

    @Test
    void shouldDrawAMatrixWhoseRunsAllFailed(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("matrix.png");
        MatrixChart.write(MatrixRows.sample().subList(4, 5), 0, png);
        assertNotNull(ImageIO.read(png.toFile()));
    }
}
