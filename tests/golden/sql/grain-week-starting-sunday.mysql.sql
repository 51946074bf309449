-- grain-week-starting-sunday: time grain 1969-12-28T00:00:00Z/P1W on the x-axis (BASE_AXIS), time range 2019-03-01 : 2019-07-01
SELECT DATE_SUB(DATE(ds), INTERVAL DAYOFWEEK(ds) - 1 DAY) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-07-01 00:00:00'
GROUP BY DATE_SUB(DATE(ds), INTERVAL DAYOFWEEK(ds) - 1 DAY)
ORDER BY `count` DESC
LIMIT 10000
