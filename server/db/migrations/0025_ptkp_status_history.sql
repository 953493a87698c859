-- The PTKP status history (decision 0173): every change of employees.marital_status, from today in Asia/Jakarta;
-- the first change also records the status before it (from null: since before any record).
CREATE OR REPLACE FUNCTION employee_ptkp_status_history() RETURNS trigger AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Asia/Jakarta')::date;
BEGIN
  IF NEW.marital_status IS NOT DISTINCT FROM OLD.marital_status THEN
    RETURN NEW;
  END IF;
  IF OLD.marital_status IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM employee_ptkp_statuses WHERE employee_id = NEW.id) THEN
    INSERT INTO employee_ptkp_statuses (company_id, employee_id, status, from_date)
    VALUES (NEW.company_id, NEW.id, OLD.marital_status, NULL);
  END IF;
  DELETE FROM employee_ptkp_statuses WHERE employee_id = NEW.id AND from_date = today;
  IF NEW.marital_status IS NOT NULL THEN
    INSERT INTO employee_ptkp_statuses (company_id, employee_id, status, from_date)
    VALUES (NEW.company_id, NEW.id, NEW.marital_status, today);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER employees_ptkp_status_history AFTER UPDATE OF marital_status ON employees
  FOR EACH ROW EXECUTE FUNCTION employee_ptkp_status_history();
