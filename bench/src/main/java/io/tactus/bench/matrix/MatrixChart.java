package io.tactus.bench.matrix;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code matrix.png}: Delay Maximum of every run as a bar, runs ordered and coloured by scheduling
 * class, each bar's label naming the configuration and its xrun count. The value axis is logarithmic
 * because the classes differ by orders of magnitude (tens of microseconds under SCHED_FIFO, up to
 * seconds under SCHED_OTHER with load); a line marks one period, beyond which a late wakeup costs an
 * xrun. A failed run keeps its label with no bar.
 */
public final class MatrixChart {

    public static final int WIDTH = 1200;
    public static final int HEIGHT = 600;

    private static final Paint[] GROUP_PAINTS = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0x9467bd),
            new Color(0xff7f0e), new Color(0xd62728)};

    private MatrixChart() {
    }

    public static void write(List<MatrixRow> rows, double periodMicros, Path file) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        ChartUtils.saveChartAsPNG(file.toFile(), create(rows, periodMicros), WIDTH, HEIGHT);
    }

    /** Bars in grouped-view order (class, configuration, repeat); {@code periodMicros <= 0} draws no period line. */
    public static JFreeChart create(List<MatrixRow> rows, double periodMicros) {
        List<String> labels = rows.stream().map(MatrixRow::label).distinct().toList();
        List<MatrixRow> ordered = rows.stream().sorted(Comparator.comparing((MatrixRow r) -> r.group().ordinal())
                .thenComparing(r -> labels.indexOf(r.label()))).toList();
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double lowest = periodMicros > 0 ? periodMicros : Double.MAX_VALUE;
        double highest = periodMicros > 0 ? periodMicros : 1;
        for (int i = 0; i < ordered.size(); i++) {
            MatrixRow row = ordered.get(i);
            Double delay = row.failed() ? null : Math.max(1, row.delayMaxMicros());
            data.addValue(delay, "Delay Maximum", new Bar(i, categoryLabel(row, rows)));
            if (delay != null) {
                lowest = Math.min(lowest, delay);
                highest = Math.max(highest, delay);
            }
        }
        LogAxis values = new LogAxis("Delay Maximum (usecs, log scale)");
        values.setNumberFormatOverride(new DecimalFormat("#,##0"));
        double lower = lowest == Double.MAX_VALUE ? 1 : Math.pow(10, Math.floor(Math.log10(lowest)));
        values.setRange(lower, Math.pow(10, Math.floor(Math.log10(highest)) + 1));
        values.setTickUnit(new NumberTickUnit(1)); // one tick per decade: 10, 100, 1,000 usecs
        values.setMinorTickMarksVisible(true);
        CategoryAxis categories = new CategoryAxis("configuration, xruns");
        categories.setMaximumCategoryLabelLines(3);
        if (ordered.size() > 12) {
            categories.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CategoryPlot plot = new CategoryPlot(data, categories, values, renderer(ordered, lower));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setFixedLegendItems(legend(ordered));
        if (periodMicros > 0) {
            ValueMarker period = new ValueMarker(periodMicros, Color.DARK_GRAY, new BasicStroke(1.5f));
            period.setLabel(String.format(Locale.ROOT, "one period (%.0f usecs)", periodMicros));
            period.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            period.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            plot.addRangeMarker(period);
        }
        JFreeChart chart = new JFreeChart("Delay Maximum by scheduling class", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static BarRenderer renderer(List<MatrixRow> ordered, double base) {
        BarRenderer renderer = new BarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                return GROUP_PAINTS[ordered.get(column).group().ordinal()];
            }
        };
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setBase(base); // a log axis has no zero: bars stand on the axis floor
        renderer.setIncludeBaseInRange(false);
        renderer.setItemMargin(0);
        return renderer;
    }

    private static LegendItemCollection legend(List<MatrixRow> ordered) {
        LegendItemCollection items = new LegendItemCollection();
        for (SchedulingGroup group : SchedulingGroup.values()) {
            if (ordered.stream().anyMatch(r -> r.group() == group)) {
                items.add(new LegendItem(group.heading(), GROUP_PAINTS[group.ordinal()]));
            }
        }
        return items;
    }

    /** "fifo+compile #2", then "3 xruns" below; the repeat number only when a configuration ran more than once. */
    private static String categoryLabel(MatrixRow row, List<MatrixRow> all) {
        boolean repeated = all.stream().anyMatch(r -> r.label().equals(row.label()) && r.repeat() > 1);
        String name = repeated ? row.label() + " #" + row.repeat() : row.label();
        if (row.failed()) {
            return name + "\nfailed";
        }
        return name + "\n" + row.xruns() + (row.xruns() == 1 ? " xrun" : " xruns") + (row.refused() ? " (refused)" : "");
    }

    /** A category key that stays unique when two labels read alike; it prints as its label. */
    private record Bar(int index, String label) implements Comparable<Bar> {
        @Override
        public int compareTo(Bar other) {
            return Integer.compare(index, other.index);
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
