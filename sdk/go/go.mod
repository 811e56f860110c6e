module sightline/sdk/go

go 1.19
