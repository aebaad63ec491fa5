// The rules pages' scorer: written by dicespec.site.scorer (placeholder until it lands).
