module example.com/quickstart

go 1.19

require sightline/sdk/go v0.0.0

replace sightline/sdk/go => ../..
