-- series-limit-adhoc-metric: series limit ranked by an adhoc metric other than the chart metric
SELECT DATE_TRUNC('month', ds) AS "ds",
       "AIRLINE" AS "AIRLINE",
       (COUNT(*)) AS "count"
FROM "flights"
INNER JOIN (
SELECT "AIRLINE" AS "AIRLINE__", SUM("DISTANCE") AS "mme_inner__"
FROM "flights"
GROUP BY "AIRLINE"
ORDER BY SUM("DISTANCE") DESC
LIMIT 3
) AS series_limit ON "AIRLINE" = series_limit."AIRLINE__"
GROUP BY DATE_TRUNC('month', ds), "AIRLINE"
ORDER BY "count" DESC
LIMIT 10000
