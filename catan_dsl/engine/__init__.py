"""IR → playable games: the OpenSpiel-shaped ``Game``/``State`` API, typed actions and events."""

from catan_dsl.engine import actions, events
from catan_dsl.engine.actions import Action, parse_action
from catan_dsl.engine.game import Game
from catan_dsl.engine.observation import observation
from catan_dsl.engine.prompts import CHANCE, TERMINAL, Prompt
from catan_dsl.engine.rules.execution import STEP_BUDGET, RuleBudgetExceeded
from catan_dsl.engine.state import IllegalActionError, State

__all__ = ["Action", "CHANCE", "Game", "IllegalActionError", "Prompt", "RuleBudgetExceeded",
           "STEP_BUDGET", "State", "TERMINAL", "actions", "events", "observation", "parse_action"]
