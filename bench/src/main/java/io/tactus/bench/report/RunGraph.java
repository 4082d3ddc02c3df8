package io.tactus.bench.report;

import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.server.telemetry.SecondStats;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Locale;

/**
 * graph.png of a stress run: DSP load mean and maximum on the left axis, delay maximum and xruns per
 * second on right-hand axes of their own (an xrun count of 1 would vanish on a microsecond scale), and a
 * labelled vertical marker for each event.
 */
final class RunGraph {

    private static final Color MEAN = new Color(31, 119, 180);
    private static final Color MAX = new Color(255, 127, 14);
    private static final Color DELAY = new Color(110, 110, 110);
    private static final Color XRUN = new Color(214, 39, 40);
    private static final Color EVENT = new Color(148, 0, 148);
    private static final Color GRID = new Color(215, 215, 215);

    static JFreeChart chart(StressResult result, List<ReportEvent> events) {
        XYSeries mean = new XYSeries("DSP load mean (%)");
        XYSeries max = new XYSeries("DSP load max (%)");
        XYSeries delay = new XYSeries("delay max (\u00b5s)");
        XYSeries xruns = new XYSeries("xruns per second");
        double end = 1;
        for (SecondStats s : ReportFiles.perSecond(result)) {
            double t = s.second() + 0.5;
            mean.add(t, s.dspLoadMean());
            max.add(t, s.dspLoadMax());
            delay.add(t, s.delayMaxMicros());
            xruns.add(t, s.xruns());
            end = Math.max(end, s.second() + 1);
        }
        XYPlot plot = new XYPlot();
        NumberAxis time = new NumberAxis("time (s)");
        plot.setDomainAxis(time);
        XYSeriesCollection load = new XYSeriesCollection(mean);
        load.addSeries(max);
        layer(plot, 0, load, axis("DSP load (%)"), AxisLocation.BOTTOM_OR_LEFT, lines(MEAN, MAX, 2f));
        layer(plot, 1, new XYSeriesCollection(delay), axis("delay max (\u00b5s)"), AxisLocation.BOTTOM_OR_RIGHT,
                lines(DELAY, DELAY, 1f));
        NumberAxis xrunAxis = axis("xruns per second");
        xrunAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        xrunAxis.setAutoRangeMinimumSize(1);
        layer(plot, 2, new XYSeriesCollection(xruns), xrunAxis, AxisLocation.BOTTOM_OR_RIGHT, bars());
        for (int i = 0; i < events.size(); i++) {
            plot.addDomainMarker(marker(events.get(i), i), Layer.FOREGROUND);
            end = Math.max(end, Math.ceil(events.get(i).timeSeconds()));
        }
        time.setRange(0, end);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        JFreeChart chart = new JFreeChart(title(result), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static String title(StressResult result) {
        StressSettings s = result.settings();
        String scheduling = result.scheduling() != null ? result.scheduling() : s.scheduling().describe();
        return String.format(Locale.ROOT, "tactus stress: %d clients x %d ports, %d frames at %d Hz, %s",
                s.clients(), s.ports(), s.frames(), s.rate(), scheduling);
    }

    private static void layer(XYPlot plot, int index, XYSeriesCollection data, NumberAxis axis,
                              AxisLocation side, XYItemRenderer renderer) {
        plot.setDataset(index, data);
        plot.setRangeAxis(index, axis);
        plot.setRangeAxisLocation(index, side);
        plot.mapDatasetToRangeAxis(index, index);
        plot.setRenderer(index, renderer);
    }

    private static NumberAxis axis(String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setAutoRangeIncludesZero(true);
        return axis;
    }

    private static XYLineAndShapeRenderer lines(Color first, Color second, float width) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, first);
        renderer.setSeriesPaint(1, second);
        renderer.setSeriesStroke(0, new BasicStroke(width));
        renderer.setSeriesStroke(1, new BasicStroke(width));
        return renderer;
    }

    private static XYBarRenderer bars() {
        XYBarRenderer renderer = new XYBarRenderer(0.3);
        renderer.setBarPainter(new StandardXYBarPainter());
        renderer.setShadowVisible(false);
        renderer.setSeriesPaint(0, XRUN);
        return renderer;
    }

    /** Labels step down in four rows so that events close together stay readable. */
    private static ValueMarker marker(ReportEvent event, int index) {
        ValueMarker marker = new ValueMarker(event.timeSeconds(), EVENT, new BasicStroke(1.5f));
        marker.setLabel(event.label());
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        marker.setLabelPaint(EVENT);
        marker.setLabelBackgroundColor(new Color(255, 255, 255, 210));
        marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        marker.setLabelOffset(new RectangleInsets(4 + 14 * (index % 4), 4, 4, 4));
        return marker;
    }
}
