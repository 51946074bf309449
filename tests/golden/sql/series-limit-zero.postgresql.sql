-- series-limit-zero: series_limit 0 means no limit
SELECT DATE_TRUNC('year', ds) AS "ds",
       state AS "state",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE ds >= TIMESTAMP '2000-01-01 00:00:00'
  AND ds < TIMESTAMP '2003-01-01 00:00:00'
GROUP BY DATE_TRUNC('year', ds), state
ORDER BY "count" DESC
LIMIT 10000
