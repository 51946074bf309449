-- xaxis-series-pivot: current x-axis style with a series column and the pivot/flatten buildQuery adds
SELECT DATE_TRUNC('year', ds) AS "ds",
       gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00'
  AND ds < TIMESTAMP '2000-01-01 00:00:00'
GROUP BY DATE_TRUNC('year', ds), gender
ORDER BY "sum__num" DESC
LIMIT 10000
