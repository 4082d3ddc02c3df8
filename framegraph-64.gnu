reset
set terminal png transparent nocrop enhanced
set output 'framegraph-64-1.png'
set title "Frame time evolution during jack_test run"
set yrange [ 56.00000 : 72.0000 ] noreverse nowriteback
set xrange [ 0.00000 : 137531.0000 ] noreverse nowriteback
set ylabel "Frametime evolution (d(ft)/dt)"
set xlabel "FrameTime"
set label "| buf.siz:14447 | fr.wl:8972 | rg.ports:133582 | 2nd.client:126407 | trsprt:0 |" at graph 0.01, 0.04
plot 'framefile-64.dat' using 2 with impulses title "Xruns",'framefile-64.dat' using 1 with line title "Sampletime variation at 64"
set output 'framegraph-64-2.png'
set title "Frame time evolution during jack_test run"
set yrange [ 32.00000 : 136.0000 ] noreverse nowriteback
set xrange [ 0.00000 : 137531.0000 ] noreverse nowriteback
set ylabel "Frametime evolution (d(ft)/dt)"
set xlabel "FrameTime"
set label "| buf.siz:14447 | fr.wl:8972 | rg.ports:133582 | 2nd.client:126407 | trsprt:0 |" at graph 0.01, 0.04
plot 'framefile-64.dat' using 2 with impulses title "Xruns",'framefile-64.dat' using 1 with line title "Sampletime variation at 64"
