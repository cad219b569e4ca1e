"""The reports, written from the records (advise/records.py): text, SARIF 2.1.0, and profile's
HTML page. JSON is each record's ``to_dict``."""
