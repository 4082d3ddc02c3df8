package io.tactus.bench.degrade;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code degrade.png}: per policy, XRUN Count, innocent clients lost and clients muted at the end as bars
 * on a logarithmic axis (a collapse has thousands of xruns, a good policy a handful), values below 1
 * drawn at the axis floor.
 */
public final class DegradeChart {

    private DegradeChart() {
    }

    public static void write(Scenario scenario, List<DegradeRow> rows, Path file) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (DegradeRow r : rows) {
            data.addValue(Math.max(0.5, r.xruns()), "XRUN Count", r.policy());
            data.addValue(Math.max(0.5, r.xrunsSettled()), "XRUN settled", r.policy());
            data.addValue(Math.max(0.5, r.innocentsLost()), "innocent clients lost", r.policy());
            data.addValue(Math.max(0.5, r.mutedAtEnd().total()), "clients muted at end", r.policy());
        }
        JFreeChart chart = ChartFactory.createBarChart("Tactus degradation: scenario " + scenario.label(),
                "policy", "count (log; 0 drawn as 0.5)", data, PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        LogAxis axis = new LogAxis("count (log; 0 drawn as 0.5)");
        axis.setSmallestValue(0.5);
        plot.setRangeAxis(axis);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1000, 500);
    }
}
