-- year-format-column: TEMPORAL_RANGE on an integer year column with python_date_format '%Y'
SELECT genre AS "genre",
       (SUM(global_sales)) AS "sum__global_sales",
       (COUNT(*)) AS "count"
FROM "video_game_sales"
WHERE year >= 2000
  AND year < 2005
GROUP BY genre
ORDER BY "sum__global_sales" DESC
LIMIT 50000
