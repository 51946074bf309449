-- series-limit-zero: series_limit 0 means no limit
SELECT DATETIME(ds, 'start of year') AS "ds",
       state AS "state",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE ds >= '2000-01-01 00:00:00'
  AND ds < '2003-01-01 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), state
ORDER BY "count" DESC
LIMIT 10000
