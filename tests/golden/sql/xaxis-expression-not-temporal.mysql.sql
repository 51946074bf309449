-- xaxis-expression-not-temporal: an SQL-expression x-axis that is text (UPPER(gender)) with a grain: probed, not temporal, so not bucketed
SELECT (UPPER(gender)) AS `GENDER`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00'
  AND ds < TIMESTAMP '2000-01-01 00:00:00'
GROUP BY (UPPER(gender))
ORDER BY `sum__num` DESC
LIMIT 10000
