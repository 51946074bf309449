-- grain-p1d: time grain P1D on the x-axis (BASE_AXIS), time range 2019-03-01 : 2019-06-01
SELECT DATE(ds) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-06-01 00:00:00'
GROUP BY DATE(ds)
ORDER BY `count` DESC
LIMIT 10000
