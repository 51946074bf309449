-- metrics-sql-adhoc: SQL adhoc metrics, with and without a custom label
SELECT gender AS "gender",
       (SUM(num_boys) * 1.0 / SUM(num)) AS "boy_share",
       (MAX(num) - MIN(num)) AS "MAX(num) - MIN(num)"
FROM "birth_names"
GROUP BY gender
ORDER BY "boy_share" DESC
LIMIT 50000
