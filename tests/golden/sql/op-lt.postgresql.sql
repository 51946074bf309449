-- op-lt: < on a numeric column
SELECT state AS "state",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE num < 50
GROUP BY state
ORDER BY "count" DESC
LIMIT 50000
