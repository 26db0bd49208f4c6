"""The data side: datasets, records, safe writing, statistics, plots and scores."""
