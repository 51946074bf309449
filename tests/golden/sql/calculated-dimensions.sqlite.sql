-- calculated-dimensions: calculated columns as dimensions and in a filter
SELECT (CASE WHEN num >= 1000 THEN 'large' WHEN num >= 100 THEN 'medium' ELSE 'small' END) AS "size_band",
       (SUBSTR(name, 1, 1)) AS "name_initial",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE (SUBSTR(name, 1, 1)) IN ('A', 'J')
GROUP BY (CASE WHEN num >= 1000 THEN 'large' WHEN num >= 100 THEN 'medium' ELSE 'small' END), (SUBSTR(name, 1, 1))
ORDER BY "count" DESC
LIMIT 50000
