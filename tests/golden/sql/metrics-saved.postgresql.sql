-- metrics-saved: saved metrics by name
SELECT gender AS "gender",
       (COUNT(*)) AS "count",
       (SUM(num)) AS "sum__num",
       (SUM(num_girls)) AS "sum__num_girls"
FROM "birth_names"
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
