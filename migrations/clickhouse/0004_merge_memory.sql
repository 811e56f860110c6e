-- A merge keeps one compression buffer of up to max_compress_block_size bytes for every column stream of every part
-- it reads and of the part it writes; these tables have some eighty streams (each Tuple column is three), so with the
-- 1 MiB default the merges running at once took 300-575 MB, the peaks of the server's memory under ingest. 256 KiB
-- halves it; new parts and merges use it, parts already written keep theirs (docs/ingest.md, "Memory").
ALTER TABLE traces MODIFY SETTING max_compress_block_size = 262144;

ALTER TABLE observations MODIFY SETTING max_compress_block_size = 262144;

ALTER TABLE scores MODIFY SETTING max_compress_block_size = 262144;
