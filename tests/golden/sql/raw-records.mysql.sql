-- raw-records: a table chart in raw mode (no metrics key, so no GROUP BY): orderby two columns, filters, limit
SELECT name AS `name`,
       state AS `state`,
       num AS `num`,
       ds AS `ds`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2008-01-01 00:00:00'
  AND ds < TIMESTAMP '2009-01-01 00:00:00'
  AND state = 'CA'
ORDER BY `num` DESC, `name` ASC
LIMIT 25
