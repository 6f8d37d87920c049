# frontier_first20: data in frontier_first20.dat (one index block per series; columns named in its header)
set title "total time to the first 20 moves (s) against memory; filled: undominated on all criteria\nbenchmark competition, family dao\nbuild 1615ea1, AMD EPYC" noenhanced
set key outside right top noenhanced
set grid
set datafile missing 'NaN'
set xlabel 'memory the entry added at its peak, largest map (MB, log)'
set ylabel "total time to the first 20 moves (s), log"
set logscale x
set logscale y
set offsets graph 0.15, graph 0.25, graph 0.25, graph 0.25
set terminal pngcairo size 1100,650 font 'sans,11'
set output 'frontier_first20.png'
plot 'frontier_first20.dat' index 10 using 1:2 with steps lc rgb '#888888' dt 2 lw 1.5 title 'frontier (undominated)', \
     'frontier_first20.dat' index 0 using 1:2 with points lc rgb '#D55E00' lw 3 pt 5 ps 2.2 title "mm", '' index 0 using 1:2:("mm*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 1 using 1:2 with points lc rgb '#0072B2' lw 1.5 pt 7 ps 2.2 title "2013-Dao", '' index 1 using 1:2:("2013-Dao*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 2 using 1:2 with points lc rgb '#009E73' lw 1.5 pt 9 ps 2.2 title "2013-subgoal-fast", '' index 2 using 1:2:("2013-subgoal-fast*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 3 using 1:2 with points lc rgb '#CC79A7' lw 1.5 pt 10 ps 2.2 title "Warthog-JPSplus", '' index 3 using 1:2:("Warthog-JPSplus") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 4 using 1:2 with points lc rgb '#E69F00' lw 1.5 pt 13 ps 2.2 title "astar", '' index 4 using 1:2:("astar*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 5 using 1:2 with points lc rgb '#56B4E9' lw 1.5 pt 15 ps 2.2 title "ch", '' index 5 using 1:2:("ch*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 6 using 1:2 with points lc rgb '#000000' lw 1.5 pt 5 ps 2.2 title "jps", '' index 6 using 1:2:("jps*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 7 using 1:2 with points lc rgb '#F0E442' lw 1.5 pt 7 ps 2.2 title "jps+", '' index 7 using 1:2:("jps+*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 8 using 1:2 with points lc rgb '#0072B2' lw 1.5 pt 9 ps 2.2 title "startkit-classic", '' index 8 using 1:2:("startkit-classic*") with labels offset 1.2,0.8 notitle, \
     'frontier_first20.dat' index 9 using 1:2 with points lc rgb '#009E73' lw 1.5 pt 11 ps 2.2 title "sub", '' index 9 using 1:2:("sub*") with labels offset 1.2,0.8 notitle
set terminal svg size 1100,650 dynamic font 'sans,11'
set output 'frontier_first20.svg'
replot
