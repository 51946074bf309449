-- orderby-top-names: orderby a saved metric descending with row_limit (top 10 names)
SELECT name AS "name",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
GROUP BY name
ORDER BY "sum__num" DESC
LIMIT 10
