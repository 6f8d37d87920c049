import sys, csv
# tocsv.py TAG=FILE ...: paths.sh listings into qw.py's CSV (binary, family, map, subopt_mean, subopt_max, mm_bytes, invalid)
w = csv.writer(sys.stdout); w.writerow(['binary','family','map','subopt_mean','subopt_max','mm_bytes','invalid'])
for a in sys.argv[1:]:
    tag, f = a.split('=')
    for l in open(f):
        p = l.split(); d = dict(x.split('=') for x in p[2:])
        w.writerow([tag, 'rooms', p[0], d['subopt_mean'], d['subopt_max'], d['mm_bytes'], d['invalid']])
