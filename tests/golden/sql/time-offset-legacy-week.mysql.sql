-- time-offset-legacy-week: legacy __timestamp style with time_offsets ['1 week ago']
SELECT DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY) AS `__timestamp`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2020-01-06 00:00:00'
  AND ds < TIMESTAMP '2020-03-02 00:00:00'
GROUP BY DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY)
ORDER BY `count` DESC
LIMIT 1000
-- time offset: 1 week ago
SELECT DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY) AS `__timestamp`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2019-12-30 00:00:00'
  AND ds < TIMESTAMP '2020-02-24 00:00:00'
GROUP BY DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY)
ORDER BY `count` DESC
LIMIT 1000
