from cardforge.cli import main

main()
