"""JSON Schemas: of each game's ruleset files (and, later, of the conformance protocol)."""
