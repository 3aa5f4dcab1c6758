"""kahvehane: rules engines, game records and bots for Turkish table games.

The engines (Düz Okey, KDV Okey, Koz Maça, Balayı Kingi, Casino, Royal Casino) are pure
state machines with one interface (see ``docs/engine.md``); records are the
``kahvehane/1`` JSON format (see ``docs/records.md``).
"""

__version__ = "0.1.0"
