from scorebook.cli import main

main()
