package sightline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Media is bytes to attach to a trace's or observation's input, output or metadata (docs/media.md).
type Media struct {
	TraceID       string
	ObservationID string // empty when the media is in the trace's own field
	Field         string // "input", "output" or "metadata"
	ContentType   string // one of the allowed media types, e.g. "image/png", "audio/wav", "application/pdf"
	Bytes         []byte
}

// langfuseError reads the `{message, error, code}` body the /api/public media routes answer.
func langfuseError(status int, data []byte) error {
	var e struct {
		Message string `json:"message"`
		Code    string `json:"code"`
	}
	if json.Unmarshal(data, &e) == nil && e.Message != "" {
		return &APIError{Status: status, Code: e.Code, Message: e.Message}
	}
	return apiError(status, data)
}

// AttachMedia uploads the bytes through /api/public/media (the presigned upload Langfuse's SDKs use) and
// returns the reference token to put where the bytes were; the console shows the media there. Bytes the
// project already holds are not sent again. A refused type (400) or size (413) is an *APIError.
func (c *Client) AttachMedia(ctx context.Context, m Media) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.timeout+time.Minute)
	defer cancel()
	sum := sha256.Sum256(m.Bytes)
	hash := base64.StdEncoding.EncodeToString(sum[:])
	ask := map[string]any{"traceId": m.TraceID, "field": m.Field, "contentType": m.ContentType, "contentLength": len(m.Bytes), "sha256Hash": hash}
	if m.ObservationID != "" {
		ask["observationId"] = m.ObservationID
	}
	body, _ := json.Marshal(ask)
	status, _, data, err := c.attempt(ctx, http.MethodPost, "/api/public/media", body)
	if err != nil {
		return "", fmt.Errorf("sightline: POST /api/public/media: %w", err)
	}
	if status != http.StatusOK {
		return "", langfuseError(status, data)
	}
	var answer struct {
		MediaID   string  `json:"mediaId"`
		UploadURL *string `json:"uploadUrl"`
	}
	if err := json.Unmarshal(data, &answer); err != nil {
		return "", fmt.Errorf("sightline: decoding the upload URL: %w", err)
	}
	token := fmt.Sprintf("@@@langfuseMedia:type=%s|id=%s|source=bytes@@@", m.ContentType, answer.MediaID)
	if answer.UploadURL == nil {
		return token, nil
	}

	started := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, *answer.UploadURL, bytes.NewReader(m.Bytes))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", m.ContentType)
	// The checksum header is part of an S3 upload URL's signature; the local server checks the hash itself.
	req.Header.Set("x-amz-checksum-sha256", hash)
	res, err := c.cfg.httpClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("sightline: media upload: %w", err)
	}
	text, _ := io.ReadAll(res.Body)
	res.Body.Close()
	ok := res.StatusCode == 200 || res.StatusCode == 201
	report := map[string]any{"uploadedAt": time.Now().UTC().Format(time.RFC3339Nano), "uploadHttpStatus": res.StatusCode, "uploadTimeMs": time.Since(started).Milliseconds()}
	if !ok {
		report["uploadHttpError"] = string(text)
	}
	body, _ = json.Marshal(report)
	status, _, data, err = c.attempt(ctx, http.MethodPatch, "/api/public/media/"+pathEscape(answer.MediaID), body)
	if !ok {
		uploadErr := apiError(res.StatusCode, text).(*APIError)
		return "", &APIError{Status: res.StatusCode, Code: "upload_failed", Message: "media upload failed: " + uploadErr.Message}
	}
	if err != nil {
		return "", fmt.Errorf("sightline: PATCH /api/public/media: %w", err)
	}
	if status >= 300 {
		return "", langfuseError(status, data)
	}
	return token, nil
}
