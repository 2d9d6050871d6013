from deidkit.cli.main import run

run()
