-- op-temporal-range: TEMPORAL_RANGE with explicit bounds (>= since AND < until)
SELECT state AS `state`,
       (COUNT(*)) AS `count`
FROM `birth_names`
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00'
  AND ds < TIMESTAMP '2000-01-01 00:00:00'
GROUP BY state
ORDER BY `count` DESC
LIMIT 50000
