package main

import (
	"context"
	"log"

	sightline "sightline/sdk/go"
)

func main() {
	client, err := sightline.New() // SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY, SIGHTLINE_SECRET_KEY
	if err != nil {
		log.Fatal(err)
	}
	trace := client.Trace(sightline.TraceOptions{Name: "chat", UserID: "u1", Input: "hi"})
	trace.Generation(sightline.GenerationOptions{Name: "llm", Model: "gpt-4o-mini"}).End(sightline.EndOptions{Output: "hello", Usage: sightline.Usage{"input": 12, "output": 3}})
	if err := client.Shutdown(context.Background()); err != nil { // sends what is still queued
		log.Fatal(err)
	}
	log.Printf("sent trace %s", trace.ID)
}
