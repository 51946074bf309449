-- grain-p1d: time grain P1D on the x-axis (BASE_AXIS), time range 2019-03-01 : 2019-06-01
SELECT DATETIME(ds, 'start of day') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-06-01 00:00:00'
GROUP BY DATETIME(ds, 'start of day')
ORDER BY "count" DESC
LIMIT 10000
