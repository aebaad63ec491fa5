"""The spec's step definitions: logic written once, phrasings in phrasebook.yaml."""
