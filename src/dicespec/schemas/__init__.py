"""JSON Schemas of the data files: each family's ruleset files, the games, the errata, the protocol, the export."""
