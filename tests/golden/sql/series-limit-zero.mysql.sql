-- series-limit-zero: series_limit 0 means no limit
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       state AS `state`,
       (COUNT(*)) AS `count`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2000-01-01 00:00:00'
  AND ds < TIMESTAMP '2003-01-01 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1), state
ORDER BY `count` DESC
LIMIT 10000
