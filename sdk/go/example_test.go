package sightline_test

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	sightline "sightline/sdk/go"
)

// The README's snippets, compiled with the tests so they cannot drift from the API (its quick start is the
// whole program in examples/quickstart, which npm run test:go runs).

func Example() {
	question, answer := "Why?", "Because."
	client, err := sightline.New(sightline.WithBaseURL("http://127.0.0.1:3000"), sightline.WithKeys("pk-sl-…", "sk-sl-…"))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Shutdown(context.Background()) // sends what is still queued
	trace := client.Trace(sightline.TraceOptions{Name: "chat", UserID: "u-1", Input: question})
	trace.Generation(sightline.GenerationOptions{Model: "gpt-4o"}).End(sightline.EndOptions{Output: answer, Usage: sightline.Usage{"input": 12, "output": 40}})
}

func ExampleClient_GetPrompt() {
	client, _ := sightline.New()
	ctx := context.Background()
	p, err := client.GetPrompt(ctx, "support-reply", sightline.PromptOptions{
		Channel:  "production",
		CacheTTL: 30 * time.Second,
		Fallback: &sightline.Prompt{Content: sightline.TextContent("Answer {{question}} briefly.")},
	})
	if err != nil {
		log.Fatal(err)
	}
	_ = p.Compile(map[string]any{"question": "Why?"}, nil).Text
}

func ExampleReadTrigger() {
	client, _ := sightline.New()
	secret := "rs-sl-…" // from RegisterRunner, shown once
	http.HandleFunc("/run", func(w http.ResponseWriter, r *http.Request) {
		trigger, err := sightline.ReadTrigger(r, secret, 0)
		if errors.Is(err, sightline.ErrBadSignature) {
			w.WriteHeader(401)
			return
		}
		if err != nil {
			w.WriteHeader(400)
			return
		}
		w.WriteHeader(202)
		go func() {
			ctx := context.Background()
			items, _ := client.FetchItems(ctx, trigger.ItemsURL)
			for _, item := range items {
				tr := client.Trace(sightline.TraceOptions{Name: "task", Input: item.Input})
				_ = client.CreateDatasetRunItem(ctx, trigger.Dataset, trigger.RunName, sightline.RunItem{DatasetItemID: item.ID, TraceID: tr.ID})
			}
		}()
	})
}
