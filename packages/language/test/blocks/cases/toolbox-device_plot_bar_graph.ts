// The "device_plot_bar_graph" block (led.plotBarGraph) as it comes out of the toolbox.

led.plotBarGraph(0, 0)
