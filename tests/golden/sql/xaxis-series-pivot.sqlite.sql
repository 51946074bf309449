-- xaxis-series-pivot: current x-axis style with a series column and the pivot/flatten buildQuery adds
SELECT DATETIME(ds, 'start of year') AS "ds",
       gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= '1990-01-01 00:00:00'
  AND ds < '2000-01-01 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), gender
ORDER BY "sum__num" DESC
LIMIT 10000
