-- grain-pt5m: time grain PT5M on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-02T00:00:00
SELECT TIMESTAMP(DATE(ds), MAKETIME(HOUR(ds), FLOOR(MINUTE(ds) / 5) * 5, 0)) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-02 00:00:00'
GROUP BY TIMESTAMP(DATE(ds), MAKETIME(HOUR(ds), FLOOR(MINUTE(ds) / 5) * 5, 0))
ORDER BY `count` DESC
LIMIT 10000
