-- Room on each page of the listings table for a row's next version (decision 0034). A view or a
-- phone reveal rewrites the listing's row; with the page packed (fillfactor 100) the new version
-- went to another page, and each of the table's indexes (twenty-odd: the search b-trees, GIN,
-- the detail indexes) got a new entry for it. With a fifth of each page free (a listing row is
-- about 1 kB, eight to a page) the version stays on its page and PostgreSQL updates no index
-- (a HOT update), as none holds the counters. Rows written from now on get the room; rows already
-- on packed pages get it as they move, or at once with VACUUM FULL in a quiet hour (docs/scaling.md).
ALTER TABLE "products" SET (fillfactor = 80);
