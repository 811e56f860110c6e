package sightline

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// These run against the live service, like integration_test.go (docs/media.md, "From our SDKs").

func TestAttachMediaUploadsAndReadsBack(t *testing.T) {
	c, _ := liveClient(t)
	data := make([]byte, 600)
	_, _ = rand.Read(data)
	token, err := c.AttachMedia(context.Background(), Media{TraceID: NewID(), Field: "input", ContentType: "image/png", Bytes: data})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	id := base64.URLEncoding.EncodeToString(sum[:])[:22]
	if want := "@@@langfuseMedia:type=image/png|id=" + id + "|source=bytes@@@"; token != want {
		t.Fatalf("token %q, want %q", token, want)
	}
	var view struct {
		URL string `json:"url"`
	}
	if err := c.call(context.Background(), http.MethodGet, "/v1/media/"+id, nil, &view); err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(view.URL)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(got) != string(data) {
		t.Fatalf("served %d bytes that differ from the %d uploaded", len(got), len(data))
	}
	again, err := c.AttachMedia(context.Background(), Media{TraceID: NewID(), Field: "output", ContentType: "image/png", Bytes: data})
	if err != nil || again != token {
		t.Fatalf("second attach: %q, %v", again, err)
	}
}

func TestAttachMediaRefusesATypeOutsideTheAllowList(t *testing.T) {
	c, _ := liveClient(t)
	_, err := c.AttachMedia(context.Background(), Media{TraceID: NewID(), Field: "input", ContentType: "application/x-sh", Bytes: []byte("#!/bin/sh")})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || apiErr.Code != "invalid_input" || !strings.HasPrefix(apiErr.Message, "Content type 'application/x-sh' is not allowed for media") {
		t.Fatalf("got %v", err)
	}
}
