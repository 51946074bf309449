-- grain-week-ending-sunday: time grain P1W/1970-01-04T00:00:00Z on the x-axis (BASE_AXIS), time range 2019-03-01 : 2019-07-01
SELECT DATETIME(ds, 'start of day', 'weekday 0') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-07-01 00:00:00'
GROUP BY DATETIME(ds, 'start of day', 'weekday 0')
ORDER BY "count" DESC
LIMIT 10000
