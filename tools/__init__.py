"""maintainer tools the wheel does not carry"""
