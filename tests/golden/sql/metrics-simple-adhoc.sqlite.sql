-- metrics-simple-adhoc: SIMPLE adhoc metrics: every aggregate
SELECT state AS "state",
       SUM(num) AS "SUM(num)",
       AVG(num) AS "AVG(num)",
       MIN(num) AS "MIN(num)",
       MAX(num) AS "MAX(num)",
       COUNT(num) AS "COUNT(num)",
       COUNT(DISTINCT name) AS "COUNT_DISTINCT(name)"
FROM "birth_names"
GROUP BY state
ORDER BY "SUM(num)" DESC
LIMIT 50000
