-- calculated-metric-column: a SIMPLE metric over a calculated column (num_california)
SELECT gender AS "gender",
       SUM((CASE WHEN state = 'CA' THEN num ELSE 0 END)) AS "SUM(num_california)"
FROM "birth_names"
GROUP BY gender
ORDER BY "SUM(num_california)" DESC
LIMIT 50000
