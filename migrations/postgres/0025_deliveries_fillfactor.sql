-- Half of each page of automation_deliveries is left free when rows are written, so that leasing a delivery (which
-- changes only the unindexed leased_until) is a HOT update on the row's own page instead of a new row version and
-- five new index entries: about half the lease's cost (docs/automations.md, "Deliveries on disk"). Rows written
-- before this keep their pages as they are.
ALTER TABLE "automation_deliveries" SET (fillfactor = 50);
