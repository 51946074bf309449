-- legacy-timeseries-week: legacy style with a week grain and no groupby (granularity_sqla, the older name)
SELECT DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY) AS `__timestamp`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-05-01 00:00:00'
GROUP BY DATE_SUB(DATE(ds), INTERVAL WEEKDAY(ds) DAY)
ORDER BY `count` DESC
LIMIT 10000
