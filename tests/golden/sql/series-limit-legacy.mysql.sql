-- series-limit-legacy: legacy timeseries_limit + timeseries_limit_metric with groupby
SELECT MAKEDATE(YEAR(ds), 1) AS `__timestamp`,
       state AS `state`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
INNER JOIN (
SELECT state AS `state__`, (COUNT(*)) AS `mme_inner__`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2000-01-01 00:00:00' AND ds < TIMESTAMP '2005-01-01 00:00:00'
GROUP BY state
ORDER BY (COUNT(*)) DESC
LIMIT 3
) AS series_limit ON state = series_limit.`state__`
WHERE ds >= TIMESTAMP '2000-01-01 00:00:00'
  AND ds < TIMESTAMP '2005-01-01 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1), state
ORDER BY `sum__num` DESC
LIMIT 10000
