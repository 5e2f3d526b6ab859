"""The general lowering: elements, sweeps, barriers and products, written statement by statement."""
