#!/bin/bash
# Peak and after-burst RSS of `grundy serve` ($1: the binary) on two oversized rows.
bin=$1; port=$2
$bin serve --port $port --memory 0.125 --timeout 2000 >/dev/null 2>&1 &
pid=$!; sleep 1
row() { python3 -c "import json; print(json.dumps({'game':'nim','position':[1]*$1}))"; }
for n in 10000 3000; do
  echo 5 > /proc/$pid/clear_refs
  start=$(date +%s.%N)
  code=$(row $n | curl -s -o /dev/null -w "%{http_code}" -H 'content-type: application/json' --data-binary @- http://127.0.0.1:$port/api/solve)
  end=$(date +%s.%N)
  sleep 4
  echo "$n heaps: status $code, $(echo "$end - $start" | bc) s, peak $(grep VmHWM /proc/$pid/status | awk '{print int($2/1024)}') MiB, now $(grep VmRSS /proc/$pid/status | awk '{print int($2/1024)}') MiB"
done
kill $pid
